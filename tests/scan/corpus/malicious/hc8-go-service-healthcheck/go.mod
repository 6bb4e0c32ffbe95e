module example.com/hc

go 1.21
