print(b"they're BILL's".title(), b'hELLO'.capitalize(), b'Hello World'.istitle(), b'Hello world'.istitle(), b'\x80'.isascii())
