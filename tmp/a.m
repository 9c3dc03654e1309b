% rlc-series: state-space model from sysgraph (general formulation, states b1)
% x~' = A x~ + B u,  y = C x~ + D u + E u',  x = x~ + Bd u;  parameters in the struct p
p = struct();
p.R = 1;
p.L = 0.5;
p.C = 0.25;
A = [0, 1/p.C; -1/p.L, -p.R/p.L];
B = [0; 1/p.L];
C = [1, 0; 0, 1];
D = [0; 0];
E = [0; 0];  % coefficient of u'
Bd = [0; 0];
% ss() needs the Control System Toolbox (MATLAB) or the control package (Octave: pkg load control)
if exist('ss') ~= 0
  sys = ss(A, B, C, D, 'StateName', {'v_C1', 'i_L1'}, 'InputName', {'Vs'}, 'OutputName', {'v_C1', 'i_L1'});
end
