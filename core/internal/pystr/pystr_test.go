package pystr
