-- example migration shipped with the skill; copy the naming pattern
CREATE TABLE IF NOT EXISTS example_items (
    id bigserial PRIMARY KEY,
    name text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
