ALTER TABLE users ADD COLUMN display_name text;
