import warnings
def f():
    warnings.warn("careful")
for i in range(3):
    f()
warnings.warn("dep", DeprecationWarning)
warnings.warn("other", RuntimeWarning)
def g():
    warnings.warn("from g", stacklevel=2)
g()
with warnings.catch_warnings(record=True) as w:
    warnings.simplefilter("always")
    f(); f()
    print(len(w), w[0].category.__name__, str(w[0].message), w[0].lineno)
with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    f()
    warnings.warn("nope")
with warnings.catch_warnings():
    warnings.simplefilter("error")
    try:
        warnings.warn("boom")
    except UserWarning as e:
        print("caught", e)
warnings.filterwarnings("ignore", message="sk.*")
warnings.warn("skip me")
warnings.warn("show me")
warnings.warn(UserWarning("inst"))
print("done")
