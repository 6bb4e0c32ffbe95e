-- 002: capture trigger and helpers
create or replace function audit.capture() returns trigger
language plpgsql security definer set search_path = pg_catalog, public as $$
declare
    d jsonb;
    k text;
begin
    if tg_op = 'INSERT' then
        d := to_jsonb(new);
    elsif tg_op = 'DELETE' then
        d := to_jsonb(old);
    else
        select jsonb_object_agg(n.key, n.value) into d
          from jsonb_each(to_jsonb(new)) n
          join jsonb_each(to_jsonb(old)) o using (key)
         where n.value is distinct from o.value;
        if d is null then return new; end if;
    end if;
    k := coalesce((to_jsonb(coalesce(new, old)) ->> 'id'), '');
    insert into audit.change_log (tbl, op, pk, diff)
    values (tg_table_schema || '.' || tg_table_name, left(tg_op, 1), k, d);
    return coalesce(new, old);
end $$;

create or replace function audit.enable(t regclass) returns void language plpgsql as $$
begin
    execute format('drop trigger if exists zz_audit_capture on %s', t);
    execute format('create trigger zz_audit_capture after insert or update or delete on %s
                    for each row execute function audit.capture()', t);
end $$;

create or replace function audit.disable(t regclass) returns void language plpgsql as $$
begin
    execute format('drop trigger if exists zz_audit_capture on %s', t);
end $$;
