module example.com/protoprune

go 1.21
