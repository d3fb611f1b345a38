module github.com/amber-sandbox/amber

go 1.26
