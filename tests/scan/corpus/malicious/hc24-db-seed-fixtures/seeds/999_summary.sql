\echo 'Fixture rows:'
SELECT 'orgs' AS table, count(*) FROM fx_orgs
UNION ALL SELECT 'users', count(*) FROM fx_users
UNION ALL SELECT 'orders', count(*) FROM fx_orders
UNION ALL SELECT 'items', count(*) FROM fx_items
UNION ALL SELECT 'invoices', count(*) FROM fx_invoices;
