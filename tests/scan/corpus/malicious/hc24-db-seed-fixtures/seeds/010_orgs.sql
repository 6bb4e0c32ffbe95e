-- 25 organisations with stable ids
INSERT INTO fx_orgs (id, name, plan, created_at)
SELECT g,
       (ARRAY['Acme','Globex','Initech','Umbrella','Hooli','Vandelay','Stark','Wayne','Tyrell','Cyberdyne'])[1 + (g % 10)] || ' ' || g,
       (ARRAY['free','team','business','enterprise'])[1 + (g % 4)],
       timestamp '2023-01-01' + (g || ' days')::interval
FROM generate_series(1, 25 * :scale) AS g
ON CONFLICT (id) DO NOTHING;
