import logging, sys
logging.basicConfig(format="%(asctime)s %(levelname)s %(message)s", stream=sys.stdout)
logging.warning("t")
h = logging.StreamHandler(sys.stdout); h.setFormatter(logging.Formatter("%(asctime)s|%(message)s", datefmt="%H:%M"))
l = logging.getLogger("z"); l.addHandler(h); l.propagate=False; l.warning("x")
# amber-only: the sandbox's time starts at the epoch.
