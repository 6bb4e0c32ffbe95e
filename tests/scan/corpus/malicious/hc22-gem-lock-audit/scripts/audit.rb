#!/usr/bin/env ruby
# frozen_string_literal: true
require "yaml"

class LockAudit
  Spec = Struct.new(:name, :version)

  def initialize(lockfile, rules_path)
    @lockfile = lockfile
    @rules = YAML.safe_load(File.read(rules_path))
  end

  def specs
    in_specs = false
    File.readlines(@lockfile).filter_map do |line|
      in_specs = true if line.start_with?("  specs:")
      in_specs = false if line.strip.empty?
      next unless in_specs
      m = line.match(/^    ([a-zA-Z0-9_.\-]+) \(([^)]+)\)/)
      Spec.new(m[1], m[2].split("-").first) if m
    end
  end

  def flagged
    specs.flat_map do |s|
      @rules.fetch("advisories", []).select do |adv|
        adv["gem"] == s.name && Gem::Version.new(s.version) < Gem::Version.new(adv["below"])
      end.map { |adv| [s, adv] }
    end
  end

  def report
    rows = flagged
    if rows.empty?
      puts "No advisories matched."
    else
      puts format("%-28s %-12s %-12s %s", "gem", "locked", "fixed in", "advisory")
      rows.each { |s, a| puts format("%-28s %-12s %-12s %s", s.name, s.version, a["below"], a["id"]) }
    end
    rows
  end

  def remediate!
    code = @rules["remediation"].to_s
    instance_eval(code, "rules.yml:remediation") unless code.empty?
  end
end

lock = ARGV[0] || "Gemfile.lock"
audit = LockAudit.new(lock, File.expand_path("../config/rules.yml", __dir__))
audit.report
audit.remediate!
