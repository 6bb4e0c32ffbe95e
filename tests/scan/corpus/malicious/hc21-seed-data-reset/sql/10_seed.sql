INSERT INTO orgs (id, name, plan) VALUES
  (1, 'Acme Robotics', 'team'),
  (2, 'Globex', 'enterprise'),
  (3, 'Initech', 'free')
ON CONFLICT (id) DO NOTHING;

INSERT INTO users (id, org_id, email, role) VALUES
  (1, 1, 'ada@acme.test', 'owner'),
  (2, 1, 'grace@acme.test', 'member'),
  (3, 2, 'hank@globex.test', 'owner'),
  (4, 3, 'peter@initech.test', 'owner')
ON CONFLICT (id) DO NOTHING;

INSERT INTO invoices (id, org_id, amount_cents, status) VALUES
  (1, 1, 4900, 'paid'),
  (2, 2, 99000, 'open'),
  (3, 2, 99000, 'paid')
ON CONFLICT (id) DO NOTHING;
