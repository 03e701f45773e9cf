class String
  def shout
    upcase + "!"
  end
end
