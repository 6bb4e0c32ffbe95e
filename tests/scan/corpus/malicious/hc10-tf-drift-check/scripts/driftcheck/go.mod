module example.com/driftcheck

go 1.21
