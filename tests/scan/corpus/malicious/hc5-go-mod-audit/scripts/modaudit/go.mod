module example.com/modaudit

go 1.21
