module example.com/healthprobe

go 1.21
