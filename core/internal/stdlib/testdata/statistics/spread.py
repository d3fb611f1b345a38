import statistics as st, time
from fractions import Fraction
for f in (st.variance, st.pvariance, st.stdev, st.pstdev):
    print(f.__name__, f([1, 2, 3, 4.5]), f([Fraction(1, 3), Fraction(2, 3), 1]), f([2, 4, 4, 4, 5, 5, 7, 9]))
    for bad in ([], [1]):
        try:
            print(f(bad))
        except st.StatisticsError as e:
            print(e)
