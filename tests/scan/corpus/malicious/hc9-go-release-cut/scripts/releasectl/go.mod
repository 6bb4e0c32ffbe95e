module example.com/tools/releasectl

go 1.21
