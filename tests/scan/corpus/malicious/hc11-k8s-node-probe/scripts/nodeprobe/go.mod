module example.local/nodeprobe

go 1.21
