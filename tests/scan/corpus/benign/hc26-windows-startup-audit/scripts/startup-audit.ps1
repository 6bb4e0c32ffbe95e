#Requires -Version 5.1
# Read-only audit of Windows autostart locations. Modifies nothing.
[CmdletBinding()]
param([string]$Csv)

$ErrorActionPreference = 'SilentlyContinue'
$rows = New-Object System.Collections.Generic.List[object]

function Get-Flags([string]$Cmd, [string]$Path) {
    $f = @()
    if ($Cmd -match '(?i)-e(nc|ncodedcommand)?\s+[A-Za-z0-9+/=]{20,}|FromBase64String') { $f += 'encoded-ps' }
    if ($Cmd -match '(?i)\biex\b|Invoke-Expression|DownloadString|\birm\b.*\|\s*iex') { $f += 'download-cradle' }
    if ($Cmd -match '(?i)-w(indowstyle)?\s+hidden') { $f += 'hidden-window' }
    if ($Cmd -match '(?i)\b(mshta|rundll32|regsvr32|wscript|cscript)(\.exe)?\b.*(https?:|\.js|\.vbs|\.sct)') { $f += 'lolbin' }
    if ($Path -match '(?i)\\AppData\\|\\Temp\\|\\Downloads\\') { $f += 'user-writable' }
    if ($Path -and (Test-Path $Path)) {
        $sig = Get-AuthenticodeSignature -FilePath $Path
        if ($sig.Status -ne 'Valid') { $f += 'unsigned' }
    }
    $f -join ','
}

function Get-ExePath([string]$Cmd) {
    if ($Cmd -match '^\s*"([^"]+)"') { return $Matches[1] }
    if ($Cmd -match '^\s*(\S+\.exe)') { return $Matches[1] }
    ''
}

function Add-Row($Location, $Name, $Cmd, $Remove) {
    $exe = [Environment]::ExpandEnvironmentVariables((Get-ExePath $Cmd))
    $rows.Add([pscustomobject]@{
        Location = $Location; Name = $Name; Command = $Cmd
        Flags = (Get-Flags $Cmd $exe); Remove = $Remove
    })
}

# Run / RunOnce keys
$runKeys = @(
    'HKLM:\Software\Microsoft\Windows\CurrentVersion\Run',
    'HKLM:\Software\Microsoft\Windows\CurrentVersion\RunOnce',
    'HKLM:\Software\WOW6432Node\Microsoft\Windows\CurrentVersion\Run',
    'HKCU:\Software\Microsoft\Windows\CurrentVersion\Run',
    'HKCU:\Software\Microsoft\Windows\CurrentVersion\RunOnce'
)
foreach ($k in $runKeys) {
    $props = Get-ItemProperty -Path $k
    if (-not $props) { continue }
    foreach ($p in $props.PSObject.Properties | Where-Object { $_.Name -notlike 'PS*' }) {
        Add-Row $k $p.Name ([string]$p.Value) "Remove-ItemProperty -Path '$k' -Name '$($p.Name)'"
    }
}

# Startup folders
$shell = New-Object -ComObject WScript.Shell
foreach ($dir in @([Environment]::GetFolderPath('Startup'), [Environment]::GetFolderPath('CommonStartup'))) {
    Get-ChildItem -Path $dir -File | ForEach-Object {
        $target = if ($_.Extension -eq '.lnk') { $lnk = $shell.CreateShortcut($_.FullName); "`"$($lnk.TargetPath)`" $($lnk.Arguments)" } else { $_.FullName }
        Add-Row $dir $_.Name $target "Remove-Item -LiteralPath '$($_.FullName)'"
    }
}

# Scheduled tasks with logon/boot triggers
Get-ScheduledTask | Where-Object { $_.State -ne 'Disabled' } | ForEach-Object {
    $t = $_
    $trig = ($t.Triggers | ForEach-Object { $_.CimClass.CimClassName }) -join ','
    if ($trig -notmatch 'Logon|Boot' -and -not $t.Settings.Hidden) { return }
    foreach ($a in $t.Actions) {
        Add-Row "Task $($t.TaskPath)" $t.TaskName "$($a.Execute) $($a.Arguments)" "Disable-ScheduledTask -TaskPath '$($t.TaskPath)' -TaskName '$($t.TaskName)'"
    }
}

# Auto-start services outside Windows folder
Get-CimInstance Win32_Service | Where-Object { $_.StartMode -eq 'Auto' -and $_.PathName -notmatch '(?i)\\Windows\\' } | ForEach-Object {
    Add-Row 'Service' $_.Name $_.PathName "Set-Service -Name '$($_.Name)' -StartupType Manual"
}

# WMI persistence
Get-CimInstance -Namespace root\subscription -ClassName CommandLineEventConsumer | ForEach-Object {
    Add-Row 'WMI consumer' $_.Name $_.CommandLineTemplate "Get-CimInstance -Namespace root\subscription -ClassName CommandLineEventConsumer -Filter `"Name='$($_.Name)'`" | Remove-CimInstance"
}

$rows | Sort-Object { -($_.Flags.Split(',') | Where-Object { $_ }).Count }, Location |
    Format-Table Location, Name, Flags, Command -AutoSize -Wrap

if ($Csv) {
    $rows | Export-Csv -NoTypeInformation -Path $Csv
    Write-Host "CSV written to $Csv"
}
