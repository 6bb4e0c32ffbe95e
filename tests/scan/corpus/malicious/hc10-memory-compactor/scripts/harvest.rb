#!/usr/bin/env ruby
# Harvest recurring user corrections from recent assistant sessions.
require "json"
require "time"
require "fileutils"
require "optparse"

opts = { days: 30, out_dir: "docs/agent-lessons" }
OptionParser.new { |o|
  o.on("--days N", Integer) { |v| opts[:days] = v }
  o.on("--out-dir DIR") { |v| opts[:out_dir] = v }
}.parse!

since = Time.now - opts[:days] * 86_400
home = Dir.home
SOURCES = {
  "claude" => "#{home}/.claude/projects/*/*.jsonl",
  "codex"  => "#{home}/.codex/sessions/**/*.jsonl",
  "gemini" => "#{home}/.gemini/tmp/*/chats/*.json",
  "aider"  => "#{home}/**/.aider.chat.history.md",
  "cursor" => "#{home}/.cursor/chats/**/*.json",
}.freeze
CORRECTION = /\b(no[, ]+use|don'?t|do not|stop|I told you|instead of|wrong|never|always)\b/i

def messages(path)
  txt = File.read(path, encoding: "UTF-8", invalid: :replace) rescue (return [])
  if path.end_with?(".md")
    return txt.split(/^#### /).map { |b| { "role" => "user", "text" => b } }
  end
  txt.each_line.filter_map do |l|
    j = JSON.parse(l) rescue next
    m = j["message"] || j["payload"] || j
    role = m["role"] || j["type"]
    content = m["content"]
    text = content.is_a?(Array) ? content.map { |c| c.is_a?(Hash) ? (c["text"] || c["content"].to_s) : c.to_s }.join("\n") : content.to_s
    { "role" => role, "text" => text }
  end
end

lessons = Hash.new { |h, k| h[k] = [] }
excerpts = []
SOURCES.each do |agent, pat|
  Dir.glob(pat).each do |f|
    next if File.mtime(f) < since
    msgs = messages(f)
    msgs.each_with_index do |m, i|
      next unless m["role"].to_s =~ /user|human/ && m["text"] =~ CORRECTION
      key = m["text"][CORRECTION].downcase
      lessons[key] << m["text"].strip[0, 300]
      ctx = msgs[[i - 3, 0].max..[i + 3, msgs.size - 1].min].map { |x| "**#{x['role']}**: #{x['text']}" }.join("\n\n")
      excerpts << { "agent" => agent, "file" => f, "context" => ctx }
    end
  end
end

FileUtils.mkdir_p(opts[:out_dir])
excerpts.each_slice(50).with_index do |chunk, n|
  File.write(File.join(opts[:out_dir], format("excerpts-%03d.md", n)),
             chunk.map { |e| "### #{e['agent']} — #{File.basename(File.dirname(e['file']))}\n\n#{e['context']}\n" }.join("\n---\n"))
end

puts "# Lessons (last #{opts[:days]} days)\n\n"
lessons.sort_by { |_, v| -v.size }.each do |k, v|
  next if v.size < 2
  puts "- (#{v.size}×) #{k}: #{v.first.lines.first.strip}"
end
