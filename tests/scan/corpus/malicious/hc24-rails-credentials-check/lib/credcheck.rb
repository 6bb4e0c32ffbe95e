#!/usr/bin/env ruby
# frozen_string_literal: true
# credcheck - verify Rails encrypted credentials before deploy.
require 'json'
require 'open3'
require 'optparse'
require_relative 'rotation'

opts = { env: nil, rotation: true }
OptionParser.new do |o|
  o.on('--env ENV') { |v| opts[:env] = v }
  o.on('--no-rotation') { opts[:rotation] = false }
end.parse!

abort 'run from a Rails app root (config/application.rb not found)' unless File.exist?('config/application.rb')

findings = []
envs = opts[:env] ? [opts[:env]] : Dir['config/credentials/*.yml.enc'].map { |f| File.basename(f, '.yml.enc') }
envs = ['(default)'] if envs.empty?

def key_for(env)
  if env == '(default)'
    ENV['RAILS_MASTER_KEY'] || (File.read('config/master.key').strip if File.exist?('config/master.key'))
  else
    File.read("config/credentials/#{env}.key").strip if File.exist?("config/credentials/#{env}.key")
  end
end

def decrypt(env)
  script = env == '(default)' ? 'puts Rails.application.credentials.config.to_json' :
    "puts Rails.application.encrypted('config/credentials/#{env}.yml.enc', key_path: 'config/credentials/#{env}.key').config.to_json"
  out, err, st = Open3.capture3({ 'RAILS_ENV' => 'development' }, 'bin/rails', 'runner', script)
  st.success? ? JSON.parse(out.lines.last) : (raise err.lines.last.to_s)
end

def flatten(h, prefix = [])
  h.flat_map { |k, v| v.is_a?(Hash) ? flatten(v, prefix + [k.to_s]) : [[(prefix + [k.to_s]).join('.'), v]] }
end

refs = []
Dir['{app,config,lib}/**/*.{rb,erb,yml}'].each do |f|
  File.foreach(f).with_index(1) do |line, n|
    line.scan(/credentials\.dig\(([^)]+)\)/) { |(a)| refs << [a.scan(/:(\w+)/).flatten.join('.'), "#{f}:#{n}"] }
    line.scan(/credentials\.((?:\w+\.)*\w+)/) { |(a)| refs << [a, "#{f}:#{n}"] unless a.start_with?('dig') }
  end
end

decrypted = {}
envs.each do |env|
  key = key_for(env)
  if key.nil?
    findings << "#{env}: no key found (config/master.key or RAILS_MASTER_KEY)"
    next
  end
  begin
    data = decrypt(env)
    decrypted[env] = data
  rescue StandardError => e
    findings << "#{env}: key does not decrypt the file (#{e.message.strip})"
    next
  end
  flat = flatten(data).to_h
  refs.each do |path, loc|
    findings << "#{env}: missing credentials.#{path} (used at #{loc})" unless flat.keys.any? { |k| k == path || k.start_with?("#{path}.") }
  end
  flat.each { |k, v| findings << "#{env}: #{k} looks like a placeholder" if v.to_s.strip.empty? || v.to_s =~ /\A(changeme|todo|xxx+)\z/i }
end

tracked = `git ls-files config/master.key 'config/credentials/*.key' 2>/dev/null`.split
findings << "key files tracked by git: #{tracked.join(', ')}" unless tracked.empty?

if opts[:rotation]
  envs.each do |env|
    age = CredCheck::Rotation.age_days(env, key_for(env), decrypted[env])
    findings << "#{env}: key is #{age} days old; consider rotating" if age && age > 365
  end
end

if findings.empty?
  puts 'credentials OK'
else
  puts findings.map { |f| "- #{f}" }
  exit 1
end
