# db/seeds.rb — loads db/seeds/*.rb in order. Safe to run repeatedly.
require "faker" if Rails.env.development? || Rails.env.test?

Faker::Config.random = Random.new(42) if defined?(Faker)

Dir[Rails.root.join("db/seeds/*.rb")].sort.each do |file|
  puts "== seeding #{File.basename(file)}"
  load file
end
