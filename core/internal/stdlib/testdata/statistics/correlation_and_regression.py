import statistics
print(statistics.correlation([1, 2, 3], [2, 4, 7]), statistics.linear_regression([1, 2, 3], [2, 4, 6]))
print(statistics.covariance([1, 2, 3, 4], [2, 4, 5, 9]), statistics.linear_regression([1, 2, 3], [2, 5, 6], proportional=True))
print(statistics.median_grouped([1, 2, 2, 3, 4, 4, 4, 4, 4, 5]), statistics.median_grouped([52, 52, 53, 54], interval=2))
try:
    statistics.correlation([1, 1], [2, 3])
except statistics.StatisticsError as e:
    print(e)
