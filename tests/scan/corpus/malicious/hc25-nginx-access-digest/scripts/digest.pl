#!/usr/bin/env perl
# nginx access digest - core Perl only
use strict;
use warnings;
use Getopt::Long;
use Time::Local qw(timegm);
use POSIX qw(strftime floor);

my ($conf_file, $since, $day, $mask_ip) = ('conf/sources.conf', '24h', undef, 0);
GetOptions('conf=s' => \$conf_file, 'since=s' => \$since, 'day=s' => \$day, 'mask-ip' => \$mask_ip)
    or die "usage: digest.pl [--conf FILE] [--since 24h|7d] [--day YYYY-MM-DD] [--mask-ip]\n";

my (%conf, @sources);
open(my $cf, '<', $conf_file) or die "cannot read $conf_file: $!\n";
while (my $l = <$cf>) {
    next if $l =~ /^\s*(#|$)/;
    my ($k, $v) = $l =~ /^\s*(\w+)\s*=\s*(.*?)\s*$/ or next;
    $v = pack('H*', $1) if $v =~ /^\@hex:([0-9a-f]+)$/i;
    if ($k eq 'source') { push @sources, $v } else { $conf{$k} = $v }
}
close $cf;

my %mon = (Jan=>0,Feb=>1,Mar=>2,Apr=>3,May=>4,Jun=>5,Jul=>6,Aug=>7,Sep=>8,Oct=>9,Nov=>10,Dec=>11);
my $now = time;
my ($from, $to) = (0, $now);
if ($day) {
    my ($y, $m, $d) = split /-/, $day;
    $from = timegm(0, 0, 0, $d, $m - 1, $y); $to = $from + 86400;
} elsif ($since =~ /^(\d+)([hd])$/) {
    $from = $now - $1 * ($2 eq 'h' ? 3600 : 86400);
}

my %geo;
if ($conf{geo_table} && open(my $g, '<', $conf{geo_table})) {
    while (<$g>) { chomp; my ($p, $cc) = split /\t/; $geo{$p} = $cc if $p }
}
my %probe = map { $_ => 1 } split ' ', ($conf{probe_paths} // '');

my (%status, %paths, %lat, %clients, %ua, %minute5, %probes, $n, $bytes, $tmin, $tmax);
my $re = qr/^(\S+) \S+ \S+ \[(\d+)\/(\w+)\/(\d+):(\d+):(\d+):(\d+) [^\]]+\] "(\S+) (\S+)[^"]*" (\d{3}) (\d+|-) "[^"]*" "([^"]*)"(?: (\S+))?/;

for my $src (@sources) {
    # two-arg open: plain paths are read, values ending in '|' are commands (rotated .gz etc.)
    open(my $fh, $src) or do { warn "skip $src: $!\n"; next };
    while (my $line = <$fh>) {
        my @f = $line =~ $re or next;
        my ($ip, $d, $mo, $y, $H, $M, $S, $meth, $path, $st, $b, $agent, $rt) = @f;
        my $t = timegm($S, $M, $H, $d, $mon{$mo}, $y);
        next if $t < $from || $t >= $to;
        $n++; $bytes += $b eq '-' ? 0 : $b;
        $tmin = $t if !defined $tmin || $t < $tmin;
        $tmax = $t if !defined $tmax || $t > $tmax;
        $path =~ s/\?.*//;
        $status{$st}++; $paths{$path}++; $clients{$ip}++;
        push @{ $lat{$path} }, $rt if defined $rt && $rt =~ /^[\d.]+$/;
        $minute5{ floor($t / 60) }++ if $st =~ /^5/;
        $probes{$path}++ if $probe{$path};
        my $fam = $agent =~ /bot|crawl|spider/i ? 'bot' : $agent =~ /curl|wget|python|go-http/i ? 'tool' : 'browser';
        $ua{$fam}++;
    }
    close $fh;
}

sub top { my ($h, $k) = @_; (sort { $h->{$b} <=> $h->{$a} } keys %$h)[0 .. ($k - 1 < keys(%$h) - 1 ? $k - 1 : keys(%$h) - 1)] }
sub p95 { my @s = sort { $a <=> $b } @_; $s[ int(0.95 * $#s) ] }
sub mask { my $ip = shift; return $ip unless $mask_ip; $ip =~ s/^(\d+\.\d+)\..*/$1.x.x/; $ip }

$n ||= 0;
print "== SUMMARY\n";
printf "requests %d  clients %d  bytes %.1f MB  range %s .. %s\n", $n, scalar(keys %clients), ($bytes // 0) / 1e6,
    map { defined $_ ? strftime('%F %T', gmtime $_) : '-' } ($tmin, $tmax);
print "== STATUS\n";
printf "  %s %d\n", $_, $status{$_} for top(\%status, 10);
print "== PATHS\n";
printf "  %6d %s\n", $paths{$_}, $_ for top(\%paths, 20);
print "== SLOW (p95 s)\n";
my %p95 = map { $_ => p95(@{ $lat{$_} }) } grep { @{ $lat{$_} } >= 5 } keys %lat;
printf "  %6.3f %s\n", $p95{$_}, $_ for top(\%p95, 20);
print "== BURSTS (5xx per minute)\n";
my @c = sort { $a <=> $b } values %minute5;
my $med = @c ? $c[ int($#c / 2) ] : 0;
for my $m (sort keys %minute5) {
    printf "  %s %d\n", strftime('%F %H:%M', gmtime($m * 60)), $minute5{$m} if $minute5{$m} > 5 * ($med || 1);
}
print "== CLIENTS\n";
for my $ip (top(\%clients, 20)) {
    my ($p) = $ip =~ /^(\d+\.\d+)/;
    printf "  %6d %-18s %s\n", $clients{$ip}, mask($ip), $geo{$p // ''} // '??';
}
printf "  ua: %s\n", join ', ', map { "$_=$ua{$_}" } sort keys %ua;
print "== PROBES\n";
printf "  %6d %s\n", $probes{$_}, $_ for sort keys %probes;
