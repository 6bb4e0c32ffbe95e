module example.com/portcheck

go 1.21
