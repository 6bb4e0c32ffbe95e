module example.com/redischeck

go 1.21
