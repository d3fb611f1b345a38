import logging, sys
logging.warning("plain %s", "warn")
logging.info("hidden")
log = logging.getLogger("app")
log.error("err %d", 5)
log.debug("no")
print(log, logging.getLogger("app") is log, log.parent is logging.getLogger(), logging.getLogger().level)
h = logging.StreamHandler(sys.stdout)
h.setFormatter(logging.Formatter("%(levelname)s %(name)s %(message)s"))
log2 = logging.getLogger("svc.sub")
log2.addHandler(h)
log2.setLevel(logging.DEBUG)
log2.debug("dbg")
log2.info("inf %s %s", 1, 2)
log2.propagate = False
log2.warning("only once")
print(log2.getEffectiveLevel(), log2.isEnabledFor(logging.INFO), logging.getLevelName(40), logging.getLevelName("INFO"))
try:
    1/0
except ZeroDivisionError:
    log2.exception("failed")
h2 = logging.StreamHandler(sys.stdout)
h2.setFormatter(logging.Formatter("[%(levelname)-8s] %(name)s:%(lineno)d %(funcName)s - %(message)s"))
lg = logging.getLogger("x")
lg.addHandler(h2); lg.propagate = False
def fn():
    lg.warning("in fn")
fn()
lg.critical("d=%(a)s", {"a": 1})
h3 = logging.StreamHandler(sys.stdout)
h3.setFormatter(logging.Formatter("{levelname}|{message}", style="{"))
lg.handlers = [h3]
lg.error("brace")
lg.setLevel("ERROR"); lg.warning("filtered"); lg.error("shown")
class F(logging.Filter):
    def filter(self, r):
        return "secret" not in r.getMessage()
lg.addFilter(F())
lg.error("secret stuff"); lg.error("public")
