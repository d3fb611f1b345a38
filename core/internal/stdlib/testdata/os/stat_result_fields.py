import os
r = os.stat_result((1, 2, 3, 4, 5, 6, 7, 8, 9, 10))
print(r, r.st_mode, r.st_size, r.st_ctime, r[6], len(r))
