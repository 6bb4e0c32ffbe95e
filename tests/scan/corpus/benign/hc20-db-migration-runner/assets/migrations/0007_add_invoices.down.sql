DROP INDEX IF EXISTS invoices_customer_idx;
DROP TABLE IF EXISTS invoices;
