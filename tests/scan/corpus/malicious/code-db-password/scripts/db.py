DB = 'postgres://admin:Vx9!kq2Lm@db.prod.acme-corp.net/app'
