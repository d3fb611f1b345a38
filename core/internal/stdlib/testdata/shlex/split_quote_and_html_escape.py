import shlex, html
print(shlex.split('ls -la "my file.txt" \'single q\' a\\ b'))
print(shlex.split('echo "a \\"quoted\\" word" x#y # comment', comments=True))
print(shlex.quote("simple"), shlex.quote("has space"), shlex.quote("it's"), shlex.quote(""))
print(shlex.join(["echo", "hello world", "$HOME"]))
try:
    shlex.split('"unclosed')
except ValueError as e:
    print(e)
print(html.escape('<a href="x">Tom & Jerry\'s</a>'), html.escape("<b>", quote=False))
print(html.unescape("&lt;p&gt; &amp;amp; &quot;x&quot; &#39; &#x27; &copy; &nbsp;| &eacute; &bogus; &amp &#65;&#x42;"))
