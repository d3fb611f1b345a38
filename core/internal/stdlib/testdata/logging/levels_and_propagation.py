import logging
lg = logging.getLogger("nohandler")
lg.warning("last resort %s", "x")
lg.info("nope")
logging.getLogger().setLevel(logging.INFO)
lg.info("info via lastResort?")
ad = logging.LoggerAdapter(lg, {"k": 1})
ad.warning("adapted")
