CREATE TABLE orders (
  id bigserial PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  total_cents integer NOT NULL CHECK (total_cents >= 0)
);
