import uuid
u = uuid.uuid5(uuid.NAMESPACE_DNS, "python.org")
print(u, repr(u), u.hex, u.int, u.version, u.variant, u.urn)
print(uuid.uuid3(uuid.NAMESPACE_URL, "http://x"), uuid.uuid5(uuid.NAMESPACE_URL, "http://x").bytes)
v = uuid.UUID("{12345678-1234-5678-1234-567812345678}")
print(v, v.fields, v.time_low, v.node, v == uuid.UUID(int=v.int), v.bytes_le.hex(), uuid.UUID(bytes=v.bytes))
r = uuid.uuid4()
print(r.version, len(str(r)), str(r)[14], r.variant)
print(str(uuid.UUID(hex="12345678123456781234567812345678", version=4)))
try:
    uuid.UUID("xyz")
except ValueError as e:
    print(e)
