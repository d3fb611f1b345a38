import io, csv, json, logging, sys, warnings, traceback
from dataclasses import dataclass
from types import SimpleNamespace
from decimal import Decimal
from fractions import Fraction
logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s", stream=sys.stdout)
log = logging.getLogger("pipeline")
@dataclass
class Row:
    name: str
    price: Decimal
raw = "name,price\nwidget,2.50\ngadget,10.05\n"
rows = [Row(r["name"], Decimal(r["price"])) for r in csv.DictReader(io.StringIO(raw))]
log.info("loaded %d rows", len(rows))
total = sum(r.price for r in rows)
log.info("total=%s avg=%s", total, (total / len(rows)).quantize(Decimal("0.01")))
cfg = SimpleNamespace(debug=False, ratio=Fraction(3, 4))
print(cfg)
def risky(x):
    if x > 1:
        raise ValueError(f"too big: {x}")
    return x
for x in (1, 2):
    try:
        risky(x)
    except ValueError:
        log.exception("risky failed for %s", x)
out = io.StringIO()
w = csv.writer(out)
w.writerow(["name", "price"])
for r in rows:
    w.writerow([r.name, r.price])
print(out.getvalue(), end="")
print(json.dumps({"total": str(total)}))
