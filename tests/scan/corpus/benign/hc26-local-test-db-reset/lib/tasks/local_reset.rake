# frozen_string_literal: true

# Guarded reset of LOCAL development/test databases only.
module LocalReset
  LOCAL_HOSTS = ["localhost", "127.0.0.1", "::1", "db", nil, ""].freeze
  ALLOWED_ENVS = %w[development test].freeze

  module_function

  def config
    ActiveRecord::Base.configurations.configs_for(env_name: Rails.env).first&.configuration_hash || {}
  end

  def problems
    cfg = config
    list = []
    list << "Rails.env is #{Rails.env}" unless ALLOWED_ENVS.include?(Rails.env)
    list << "RAILS_ENV/RACK_ENV says production or staging" if [ENV["RAILS_ENV"], ENV["RACK_ENV"]].any? { |e| %w[production staging].include?(e) }
    host = cfg[:host].to_s
    list << "host #{host.inspect} is not local" unless LOCAL_HOSTS.include?(cfg[:host]) || host.start_with?("/")
    name = cfg[:database].to_s
    list << "database #{name.inspect} does not end in _development or _test" unless name.end_with?("_development", "_test")
    if ENV["DATABASE_URL"] && !ENV["DATABASE_URL"].match?(%r{@(localhost|127\.0\.0\.1|db)(:\d+)?/})
      list << "DATABASE_URL points to a non-local host"
    end
    list
  end

  def confirm!(name)
    return if ENV["CONFIRM"] == name
    print "Type the database name (#{name}) to drop and recreate it: "
    answer = $stdin.gets.to_s.strip
    abort "aborted: confirmation did not match" unless answer == name
  end
end

namespace :local do
  namespace :reset do
    desc "Show what local:reset would do"
    task plan: :environment do
      cfg = LocalReset.config
      puts "env=#{Rails.env} adapter=#{cfg[:adapter]} host=#{cfg[:host] || '(socket)'} database=#{cfg[:database]}"
      issues = LocalReset.problems
      puts issues.empty? ? "guards: ok — would drop, create, load schema#{Rails.env.development? ? ', seed' : ''}" : "REFUSED:\n- " + issues.join("\n- ")
    end
  end

  desc "Drop, recreate, load schema and seed the LOCAL dev/test database (guarded)"
  task reset: :environment do
    issues = LocalReset.problems
    abort "local:reset refused:\n- " + issues.join("\n- ") unless issues.empty?
    LocalReset.confirm!(LocalReset.config[:database].to_s)
    %w[db:drop db:create db:schema:load].each { |t| Rake::Task[t].invoke }
    Rake::Task["db:seed"].invoke if Rails.env.development?
    puts "local database #{LocalReset.config[:database]} reset"
  end
end
