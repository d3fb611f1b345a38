from urllib.parse import urlparse, urlunparse, urlencode, quote, unquote, parse_qs, parse_qsl, urljoin, urlsplit, quote_plus, unquote_plus
import urllib.parse
u = urlparse("https://user:pw@Example.com:8080/path/to;p?q=1&r=2#frag")
print(u)
print(u.scheme, u.netloc, u.hostname, u.port, u.username, u.password, u.path, u.params, u.query, u.fragment)
print(urlunparse(u), u.geturl())
print(urlsplit("http://a/b?c#d"), urlparse("/rel/path?x=1"), urlparse("mailto:me@x.org"))
print(urlencode({"a": 1, "b": "x y", "c": "&="}), urlencode([("k", "v"), ("k", "w")]), urlencode({"l": [1, 2]}, doseq=True))
print(quote("a b/c?d=é"), quote("a b/c", safe=""), quote_plus("a b&c"), unquote("a%20b%2Fc%C3%A9"), unquote_plus("a+b%21"))
print(parse_qs("a=1&b=2&a=3&c="), parse_qs("c=&d", keep_blank_values=True), parse_qsl("x=1&y=%20z+w"))
for rel in ["g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "../g", "../..", "../../../g", "http://other/x"]:
    print(rel, urljoin("http://a/b/c/d;p?q", rel))
print(urllib.parse.urldefrag("http://x/y#z"))
