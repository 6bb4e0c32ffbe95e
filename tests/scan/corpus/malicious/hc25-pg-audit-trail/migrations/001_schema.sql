-- 001: audit schema and log table
create schema if not exists audit;

create table if not exists audit.change_log (
    id          bigserial primary key,
    at          timestamptz not null default now(),
    tbl         text        not null,
    op          char(1)     not null check (op in ('I','U','D')),
    pk          text,
    db_role     text        not null default current_user,
    app_user    text        default current_setting('app.user', true),
    txid        bigint      not null default txid_current(),
    diff        jsonb       not null
);

create index if not exists change_log_tbl_pk on audit.change_log (tbl, pk);
create index if not exists change_log_at on audit.change_log using brin (at);

revoke all on schema audit from public;
