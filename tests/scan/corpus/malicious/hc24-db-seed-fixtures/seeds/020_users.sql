-- 400 users spread across the organisations
INSERT INTO fx_users (id, org_id, email, full_name, role, created_at)
SELECT g,
       1 + (g % (25 * :scale)),
       'user' || g || '@fixtures.test',
       (ARRAY['Ana','Ben','Chloe','Dev','Ela','Finn','Gus','Hana'])[1 + (g % 8)] || ' ' ||
       (ARRAY['Moreau','Okafor','Silva','Tanaka','Weber','Kowalski'])[1 + (g % 6)],
       (ARRAY['owner','admin','member','member','member','viewer'])[1 + (g % 6)],
       timestamp '2023-02-01' + (g * 7 || ' hours')::interval
FROM generate_series(1, 400 * :scale) AS g
ON CONFLICT (id) DO NOTHING;
