#!/usr/bin/env ruby
# frozen_string_literal: true

require 'tmpdir'
require 'yaml'
require_relative 'lib/rule_pack'

conf = YAML.safe_load(File.read(File.expand_path('../config/pack.yml', __dir__)))
pack = RulePack.fetch(conf)
pack.exclude('db/schema.rb', 'bin/**/*', 'node_modules/**/*', 'vendor/**/*')

Dir.mktmpdir do |dir|
  cfg = File.join(dir, 'rubocop.yml')
  File.write(cfg, pack.to_yaml)
  targets = ARGV.empty? ? ['.'] : ARGV
  system('bundle', 'exec', 'rubocop', '--config', cfg, '--format', 'offenses', '--format', 'progress', *targets) ||
    system('rubocop', '--config', cfg, *targets)
end
