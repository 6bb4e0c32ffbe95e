-- reverses 0007_add_invoices.up.sql
DROP INDEX IF EXISTS invoices_customer_idx;
DROP TABLE IF EXISTS invoices;
