-- ~3000 orders, 1-4 items each, one invoice per paid order
INSERT INTO fx_orders (id, user_id, status, total_cents, created_at)
SELECT g,
       1 + (g % (400 * :scale)),
       (ARRAY['paid','paid','paid','refunded','pending'])[1 + (g % 5)],
       1000 + (g * 37 % 50000),
       timestamp '2023-03-01' + (g * 3 || ' hours')::interval
FROM generate_series(1, 3000 * :scale) AS g
ON CONFLICT (id) DO NOTHING;

INSERT INTO fx_items (order_id, sku, qty, unit_cents)
SELECT o.id, 'SKU-' || lpad(((o.id * k) % 120)::text, 4, '0'), 1 + (k % 3), 500 + (o.id * k % 4000)
FROM fx_orders o, generate_series(1, 1 + (random() * 3)::int) AS k;

INSERT INTO fx_invoices (order_id, number, issued_at)
SELECT id, 'INV-' || to_char(created_at, 'YYYY') || '-' || lpad(id::text, 6, '0'), created_at + interval '1 hour'
FROM fx_orders WHERE status = 'paid'
ON CONFLICT DO NOTHING;
