import statistics as st
print(st.mean([1, 2, 3]), st.mean([1, 2]), st.median([4, 1, 3, 2]), st.mode("aab"), st.stdev([1, 2, 3, 4]), st.pvariance([1, 2, 3, 4]))
