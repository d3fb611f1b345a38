import logging, pprint, statistics, sys
log = logging.getLogger('t')
log.propagate = False
h = logging.StreamHandler(sys.stdout)
log.addHandler(h)
log.addHandler(h)
print(len(log.handlers))
for style, fmt in (('%', '%(levelname)s %(name)s %(extra)s %(message)s'), ('{', '{levelname} {extra} {message}'), ('$', '$levelname $extra $message')):
    h.setFormatter(logging.Formatter(fmt, style=style, defaults={'extra': 'dflt'}))
    log.warning('hi %s', style)
    log.warning('over', extra={'extra': 'given'})
h.setFormatter(logging.Formatter('{message}', style='{'))
log.warning('plain')
f = logging.Filter('other')
h.addFilter(f)
h.addFilter(f)
log.warning('filtered')
h.removeFilter(f)
h.removeFilter(f)
log.warning('unfiltered')
log.removeHandler(h)
log.removeHandler(h)
print(log.handlers)
pprint.pprint([list(range(30)), (1,), tuple(range(25)), {'k': [('x' * 30,) * 3]}], width=40)
pprint.pprint((['a' * 50],), width=20)
print(statistics.median([3, 1, 2, 4]), statistics.median_low([3, 1, 2, 4]), statistics.median_high([3, 1, 2, 4]), statistics.median_grouped([1, 2, 2, 3]))
for fn in (statistics.median, statistics.median_low, statistics.median_high, statistics.median_grouped):
    try:
        fn([])
    except statistics.StatisticsError as e:
        print(e)
