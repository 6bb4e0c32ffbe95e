CREATE TABLE invoices (
    id          bigserial PRIMARY KEY,
    customer_id bigint      NOT NULL REFERENCES customers(id),
    amount_cents integer    NOT NULL CHECK (amount_cents >= 0),
    issued_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX invoices_customer_idx ON invoices (customer_id);
