import ipaddress
BLOCKED_HOSTS = {'169.254.169.254', 'metadata.google.internal'}  # never allow

def is_blocked(host):
    if host in BLOCKED_HOSTS:
        return True
    return ipaddress.ip_address(host).is_private
